// The bytes of the demo organisation's shared files, made on the spot (a few kilobytes each) so
// the repository ships no binary and a preview or download shows something real.
import { rgbPng } from "./png";
import type { DemoFile } from "./data";

const MIME: Record<DemoFile["kind"], string> = { markdown: "text/markdown", text: "text/plain", csv: "text/csv", png: "image/png" };
const CATEGORY: Record<DemoFile["kind"], "document" | "image"> = { markdown: "document", text: "document", csv: "document", png: "image" };

const TEXTS: Record<string, string> = {
  "Q3 roadmap.md": `# Q3 roadmap

## Ship
- The lobby: seats, settings screen, waiting room
- Release 2.4, then monthly releases

## Improve
- Halve the crash rate (headset pairing, reconnects)
- Audio quality in rooms of more than six people

## Hire
- Two frontend engineers, two interns
`,
  "Release 2.4 checklist.txt": `Release 2.4
[x] Feature freeze
[x] Regression pass on real headsets
[x] Both blockers fixed and verified
[ ] Go/no-go
[ ] Staged rollout: 10%, 50%, 100%
[ ] Release notes to marketing
`,
  "Offsite agenda.txt": `Offsite (draft)
Day 1  09:30  Welcome and the year so far
       11:00  Workshop: async communication
       14:00  Hike
       19:00  Team dinner
Day 2  10:00  Roadmap ideas, in small groups
       13:00  Wrap-up
`,
};

/** Tickets opened and closed over the last eight weeks, as a spreadsheet would export them. */
function ticketsCsv(): string {
  const rows = [
    [58, 51],
    [62, 60],
    [71, 64],
    [66, 70],
    [49, 55],
    [41, 46],
    [37, 40],
    [29, 35],
  ];
  return ["week,opened,closed", ...rows.map(([o, c], i) => `W${i + 1},${o},${c}`)].join("\n") + "\n";
}

/** A bar chart of weekly active users as an RGB PNG. */
function barChartPng(values: number[], width = 360, height = 200): Buffer {
  const max = Math.max(...values);
  const slot = Math.floor(width / values.length);
  return rgbPng(width, height, (x, y) => {
    const i = Math.floor(x / slot);
    const barTop = height - 12 - Math.round(((values[i] ?? 0) / max) * (height - 32));
    const inBar = i < values.length && x % slot > 6 && x % slot < slot - 6 && y >= barTop && y < height - 12;
    const axis = y === height - 12;
    return inBar ? [99, 102, 241] : axis ? [161, 161, 170] : [255, 255, 255];
  });
}

export function demoFileBytes(file: DemoFile): { data: Buffer; mime: string; category: "document" | "image" } {
  const data =
    file.kind === "png" ? barChartPng([412, 436, 451, 470, 466, 498, 517, 559]) : Buffer.from(file.kind === "csv" ? ticketsCsv() : (TEXTS[file.name] ?? `${file.name}\n`), "utf8");
  return { data, mime: MIME[file.kind], category: CATEGORY[file.kind] };
}
