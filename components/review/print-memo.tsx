/**
 * The memo for print / PDF (hidden on screen): the same structure and order as the Word memo and
 * the Markdown copy (lib/ui/report.ts), with every link's address written out.
 */
import { CATEGORY_LABEL, referenceLine, type Report } from "@/lib/ui/report";

export function PrintMemo({ report }: { report: Report }) {
  const rd = referenceLine(report.referenceDate);
  return (
    <article className="hidden text-[10.5pt] leading-snug print:block" data-testid="print-report-body">
      <h1 className="mb-2 text-center text-[16pt] font-semibold">{report.title}</h1>
      <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {rd && (
          <>
            <dt className="font-medium">参照日期</dt>
            <dd data-testid="print-reference-date">{rd}</dd>
          </>
        )}
        {report.checkedAt && (
          <>
            <dt className="font-medium">核查时间</dt>
            <dd>{report.checkedAt}</dd>
          </>
        )}
        {report.requestId && (
          <>
            <dt className="font-medium">请求编号</dt>
            <dd className="font-mono text-[9pt]">{report.requestId}</dd>
          </>
        )}
        <dt className="font-medium">引用总数</dt>
        <dd>{report.total}</dd>
        {report.notices.map((n) => (
          <div key={n} className="contents">
            <dt className="font-medium">注意</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-3 mb-1 border-b border-stone-400 text-[12pt] font-semibold">问题摘要</h2>
      <table className="mb-3 w-full border-collapse text-left" data-testid="print-summary">
        <thead>
          <tr>
            <th className="border border-stone-400 px-2 py-0.5">类别</th>
            <th className="border border-stone-400 px-2 py-0.5">数量</th>
            <th className="border border-stone-400 px-2 py-0.5">引用（编号）</th>
          </tr>
        </thead>
        <tbody>
          {report.summary.map((s) => (
            <tr key={s.category}>
              <td className="border border-stone-400 px-2 py-0.5 whitespace-nowrap">{s.label}</td>
              <td className="border border-stone-400 px-2 py-0.5">{s.count}</td>
              <td className="border border-stone-400 px-2 py-0.5">
                {report.entries
                  .filter((e) => e.category === s.category)
                  .map((e) => `${e.n}. ${e.label}`)
                  .join("；")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="mt-3 mb-1 border-b border-stone-400 text-[12pt] font-semibold">逐条核查</h2>
      <ol className="space-y-2">
        {report.entries.map((e) => (
          <li key={e.n} className="break-inside-avoid" data-testid="print-entry" data-category={e.category}>
            <h3 className="font-semibold">
              {e.n}. {e.label} — {CATEGORY_LABEL[e.category]}
            </h3>
            <p>
              <b>结论：</b>
              {e.verdict}（文中第 {e.docN} 处引用）
            </p>
            {e.facts.length > 0 && <p className="text-stone-700">{e.facts.join("；")}</p>}
            {e.claim && (
              <p>
                <b>{e.kind === "regulation" ? "文稿所述：" : "文稿："}</b>
                {e.claim}
              </p>
            )}
            {e.authoritative && (
              <p className="font-serif">
                <b className="font-sans">{e.kind === "case" ? "裁判要点：" : "权威文本："}</b>
                {e.authoritative}
              </p>
            )}
            {e.suggestion && (
              <p>
                <b>建议修改：</b>
                {e.suggestion}
                {e.suggestionLink && <span className="break-all"> {e.suggestionLink.href}</span>}
              </p>
            )}
            {e.link && (
              <p className="break-all">
                <b>链接：</b>
                {e.link.href}
              </p>
            )}
          </li>
        ))}
      </ol>
    </article>
  );
}
