// The recording's picture: everyone tiled like the call grid, each with their name. Drawn by the
// recorder's worker (./recorder.worker) and, where the browser has no WebCodecs, by ./compositor.
// 640x360 so the browser's VP8 encoder keeps all 15 frames a second on a small machine: a skipped
// frame shows a change in the picture late, against its sound (docs/calls.md, "Recording").
export const WIDTH = 640;
export const HEIGHT = 360;
export const FPS = 15;

export interface GridTile {
  label: string;
  /** The person's newest picture, or null for an empty tile (camera off, nothing yet). */
  image: CanvasImageSource | null;
  width: number;
  height: number;
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function grid(n: number): { cols: number; rows: number } {
  const cols = n <= 1 ? 1 : n <= 4 ? 2 : n <= 9 ? 3 : 4;
  return { cols, rows: Math.ceil(n / cols) };
}

export function drawGrid(g: Context2D, tiles: GridTile[]): void {
  g.fillStyle = "#09090b";
  g.fillRect(0, 0, WIDTH, HEIGHT);
  const { cols, rows } = grid(tiles.length);
  const w = WIDTH / cols;
  const h = HEIGHT / rows;
  tiles.forEach((t, i) => {
    const x = (i % cols) * w;
    const y = Math.floor(i / cols) * h;
    if (t.image && t.width && t.height) {
      // Cover the tile, cropping the overflow, like the call view does.
      const scale = Math.max(w / t.width, h / t.height);
      const sw = w / scale;
      const sh = h / scale;
      g.drawImage(t.image, (t.width - sw) / 2, (t.height - sh) / 2, sw, sh, x + 2, y + 2, w - 4, h - 4);
    } else {
      g.fillStyle = "#27272a";
      g.fillRect(x + 2, y + 2, w - 4, h - 4);
    }
    g.fillStyle = "rgba(0,0,0,0.55)";
    g.fillRect(x + 10, y + h - 40, Math.min(w - 20, 16 + t.label.length * 11), 28);
    g.fillStyle = "#fff";
    g.font = "18px sans-serif";
    g.fillText(t.label, x + 18, y + h - 20);
  });
}
