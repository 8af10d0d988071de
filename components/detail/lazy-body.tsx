"use client";
/**
 * The part of a long regulation not rendered with the page, loaded on demand: a button above
 * the window loads what precedes it, and the rest after it loads when its placeholder comes
 * into view (or on its button). Loaded blocks render exactly like the server's.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { BodyBlock } from "@/lib/store/types";
import { regulationHref } from "@/lib/ui/detail-url";
import { BodyBlocks } from "./regulation-body";

async function loadBlocks(fgid: string, from: number, to: number): Promise<BodyBlock[]> {
  const res = await fetch(`/api/regulation-blocks?fgid=${encodeURIComponent(fgid)}&from=${from}&to=${to}`, { credentials: "same-origin" });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return ((await res.json()) as { blocks: BodyBlock[] }).blocks;
}

/** `children`: the headings enclosing the window (server-rendered), replaced by the full text once loaded. */
export function LoadBefore({ fgid, count, children }: { fgid: string; count: number; children?: ReactNode }) {
  const [blocks, setBlocks] = useState<BodyBlock[] | null>(null);
  const [state, setState] = useState<"" | "loading" | "error">("");
  if (count === 0) return null;
  if (blocks) return <BodyBlocks blocks={blocks} base={0} target="" />;
  return (
    <>
    <div className="my-4 text-center print:hidden">
      <button
        type="button"
        disabled={state === "loading"}
        onClick={() => {
          setState("loading");
          loadBlocks(fgid, 0, count).then(
            (b) => setBlocks(b),
            () => setState("error"),
          );
        }}
        className="rounded border border-line bg-white px-3 py-1.5 text-sm hover:bg-stone-50"
        data-testid="load-before"
      >
        {state === "loading" ? "加载中…" : state === "error" ? "加载失败，重试" : `显示前文（${count} 段）`}
      </button>
    </div>
    {children}
    </>
  );
}

export function LoadAfter({ fgid, from, total }: { fgid: string; from: number; total: number }) {
  const [blocks, setBlocks] = useState<BodyBlock[] | null>(null);
  const [state, setState] = useState<"" | "loading" | "error">("");
  const ref = useRef<HTMLDivElement | null>(null);
  const start = () => {
    if (state === "loading" || blocks) return;
    setState("loading");
    loadBlocks(fgid, from, total).then(
      (b) => setBlocks(b),
      () => setState("error"),
    );
  };
  const startRef = useRef(start);
  startRef.current = start;
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver((es) => es.some((e) => e.isIntersecting) && startRef.current(), { rootMargin: "800px 0px" });
    io.observe(el);
    return () => io.disconnect();
  }, []);
  if (from >= total) return null;
  if (blocks) return <BodyBlocks blocks={blocks} base={from} target="" />;
  return (
    <div ref={ref} className="my-4 text-center print:hidden">
      <button type="button" onClick={start} className="rounded border border-line bg-white px-3 py-1.5 text-sm hover:bg-stone-50" data-testid="load-after">
        {state === "loading" ? "加载中…" : state === "error" ? "加载失败，重试" : `显示后文（${total - from} 段）`}
      </button>
    </div>
  );
}

interface Hit {
  tid: string;
  ft_num: string;
  excerpt: string;
}

/** Searches the whole text (loaded once on the first search) and lists the articles that match. */
export function InPageSearch({ fgid, total }: { fgid: string; total: number }) {
  const [q, setQ] = useState("");
  const [all, setAll] = useState<BodyBlock[] | null>(null);
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const term = q.trim();
    if (!term) return setHits(null);
    setBusy(true);
    try {
      const blocks = all ?? (await loadBlocks(fgid, 0, total));
      if (!all) setAll(blocks);
      const out: Hit[] = [];
      for (const b of blocks) {
        if (b.kind !== "clause") continue;
        const text = b.paragraphs.join("");
        const at = text.indexOf(term);
        if (at < 0) continue;
        out.push({ tid: b.tid, ft_num: b.ft_num, excerpt: text.slice(Math.max(0, at - 12), at + term.length + 18) });
      }
      setHits(out);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="in-page-search-h" className="print:hidden" data-testid="in-page-search">
      <h2 id="in-page-search-h" className="mb-2 text-sm font-semibold">在本法规中查找</h2>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
        className="flex gap-1.5"
      >
        <label htmlFor="in-page-q" className="sr-only">查找词</label>
        <input id="in-page-q" value={q} onChange={(e) => setQ(e.target.value)} className="min-w-0 flex-1 rounded border border-stone-300 bg-white px-2 py-1 text-sm" placeholder="如：违约金" data-testid="in-page-q" />
        <button type="submit" disabled={busy} className="rounded border border-line bg-white px-2 py-1 text-sm hover:bg-stone-50">查找</button>
      </form>
      {hits && (
        <div aria-live="polite" className="mt-2 text-sm">
          <p className="text-xs text-muted" data-testid="in-page-count">{hits.length ? `${hits.length} 条含“${q.trim()}”` : `没有条文含“${q.trim()}”`}</p>
          <ol className="mt-1 max-h-72 space-y-1 overflow-y-auto">
            {hits.slice(0, 200).map((h) => (
              <li key={h.tid}>
                <a href={regulationHref(fgid, h.tid)} className="block rounded px-1 py-0.5 hover:bg-stone-100" data-testid="in-page-hit">
                  <span className="font-medium">{h.ft_num}</span> <span className="text-xs text-muted">…{h.excerpt}…</span>
                </a>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
