/**
 * Body blocks of a regulation (headings, articles, free paragraphs), rendered the same on the
 * server (the first window) and in the browser (blocks loaded on demand). `base` is the index
 * of the first block: ids (h-N, tid-X) are the document's, wherever the block is rendered.
 */
import type { BodyBlock } from "@/lib/store/types";

function HeadingBlock({ level, text, id }: { level: number; text: string; id: string }) {
  const cls = "scroll-mt-24 text-center font-semibold tracking-wide";
  if (level <= 1) return <h2 id={id} className={`${cls} mt-10 mb-4 text-lg`}>{text}</h2>;
  if (level === 2) return <h3 id={id} className={`${cls} mt-8 mb-3 text-base`}>{text}</h3>;
  return <h4 id={id} className={`${cls} mt-6 mb-2 text-[15px] text-stone-700`}>{text}</h4>;
}

export function BodyBlocks({ blocks, base, target }: { blocks: BodyBlock[]; base: number; target: string }) {
  return (
    <>
      {blocks.map((b, k) => {
        const i = base + k;
        if (b.kind === "heading") return <HeadingBlock key={i} level={b.level} text={b.text} id={`h-${i}`} />;
        if (b.kind === "text") {
          return (
            <div key={i} className="my-3 space-y-2">
              {b.paragraphs.map((p, j) => (
                <p key={j} className="indent-8">{p}</p>
              ))}
            </div>
          );
        }
        const isTarget = target !== "" && b.tid === target;
        return (
          <section
            key={i}
            id={`tid-${b.tid}`}
            data-tid={b.tid}
            tabIndex={isTarget ? -1 : undefined}
            aria-current={isTarget ? "location" : undefined}
            aria-label={b.ft_num || undefined}
            className={`article my-1 rounded-r px-3 py-1.5 ${isTarget ? "is-target" : ""}`}
            data-testid={isTarget ? "target-article" : undefined}
          >
            {b.paragraphs.length === 0 ? (
              <p><strong className="mr-3 font-sans font-semibold">{b.ft_num}</strong></p>
            ) : (
              b.paragraphs.map((p, j) => (
                <p key={j} className={j === 0 ? "" : "indent-8"}>
                  {j === 0 && b.ft_num && <strong className="mr-3 font-sans font-semibold">{b.ft_num}</strong>}
                  {p}
                </p>
              ))
            )}
          </section>
        );
      })}
    </>
  );
}
