/**
 * The memo (report.ts) as a Word document, written with the `docx` package: title, reference
 * date, summary table of problems by severity, then every citation most severe first, with its
 * verdict, what the draft says, the authoritative text, the suggested correction and absolute
 * links. Runs in the browser (Packer.toBlob) and in Node (Packer.toBuffer, tests).
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from "docx";
import { CATEGORY_LABEL, referenceLine, type Report } from "./report";

const FONT = { ascii: "Times New Roman", eastAsia: "SimSun", hAnsi: "Times New Roman" };

function p(text: string, opts: { bold?: boolean; color?: string; size?: number; indent?: boolean } = {}): Paragraph {
  return new Paragraph({
    spacing: { after: 80 },
    indent: opts.indent ? { left: 360 } : undefined,
    children: [new TextRun({ text, bold: opts.bold, color: opts.color, size: opts.size, font: FONT })],
  });
}

function link(text: string, href: string): ExternalHyperlink {
  return new ExternalHyperlink({ link: href, children: [new TextRun({ text, style: "Hyperlink", color: "1F4E9A", underline: {}, font: FONT })] });
}

function labelled(label: string, children: ParagraphChild[]): Paragraph {
  return new Paragraph({ spacing: { after: 80 }, children: [new TextRun({ text: `${label}：`, bold: true, font: FONT }), ...children] });
}

function cell(text: string, header = false): TableCell {
  return new TableCell({
    children: [new Paragraph({ children: [new TextRun({ text, bold: header, font: FONT })] })],
    margins: { top: 60, bottom: 60, left: 100, right: 100 },
  });
}

export function memoDocument(report: Report): Document {
  const body: (Paragraph | Table)[] = [];
  body.push(new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, children: [new TextRun({ text: report.title, font: FONT })] }));
  const rd = referenceLine(report.referenceDate);
  if (rd) body.push(labelled("参照日期", [new TextRun({ text: rd, font: FONT })]));
  if (report.checkedAt) body.push(labelled("核查时间", [new TextRun({ text: report.checkedAt, font: FONT })]));
  if (report.requestId) body.push(labelled("请求编号", [new TextRun({ text: report.requestId, font: FONT })]));
  body.push(labelled("引用总数", [new TextRun({ text: String(report.total), font: FONT })]));
  for (const n of report.notices) body.push(labelled("注意", [new TextRun({ text: n, font: FONT, color: "9A3412" })]));

  body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun({ text: "问题摘要", font: FONT })] }));
  body.push(
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: [
        new TableRow({ tableHeader: true, children: [cell("类别", true), cell("数量", true), cell("引用（编号）", true)] }),
        ...report.summary.map(
          (s) =>
            new TableRow({
              children: [cell(s.label), cell(String(s.count)), cell(report.entries.filter((e) => e.category === s.category).map((e) => `${e.n}. ${e.label}`).join("；"))],
            }),
        ),
      ],
    }),
  );

  body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun({ text: "逐条核查", font: FONT })] }));
  for (const e of report.entries) {
    body.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_2,
        border: { bottom: { style: BorderStyle.SINGLE, size: 4, color: "CCCCCC", space: 2 } },
        children: [new TextRun({ text: `${e.n}. ${e.label} — ${CATEGORY_LABEL[e.category]}`, font: FONT })],
      }),
    );
    body.push(labelled("结论", [new TextRun({ text: e.verdict, font: FONT })]));
    body.push(labelled("文中位置", [new TextRun({ text: `第 ${e.docN} 处引用`, font: FONT })]));
    for (const f of e.facts) body.push(p(f, { indent: true, color: "444444" }));
    if (e.claim) {
      body.push(labelled(e.kind === "regulation" ? "文稿所述" : "文稿", []));
      body.push(p(e.claim, { indent: true }));
    }
    if (e.authoritative) {
      body.push(labelled(e.kind === "case" ? "裁判要点" : "权威文本", []));
      body.push(p(e.authoritative, { indent: true }));
    }
    if (e.suggestion) {
      body.push(
        labelled("建议修改", [
          new TextRun({ text: e.suggestion, font: FONT, color: "9A3412" }),
          ...(e.suggestionLink ? [new TextRun({ text: " ", font: FONT }), link(e.suggestionLink.href, e.suggestionLink.href)] : []),
        ]),
      );
    }
    if (e.link) body.push(labelled("链接", [link(e.link.href, e.link.href)]));
  }

  return new Document({
    creator: "法规引用核查",
    title: report.title,
    styles: { default: { document: { run: { font: FONT, size: 22 } } } },
    sections: [{ children: body }],
  });
}
