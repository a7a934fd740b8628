// Draws every participant's video into one canvas, tiled like the call grid, so a recording
// shows everyone and not just the first picture. The canvas is what MediaRecorder records.
const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 15;

export interface Compositor {
  stream: MediaStream;
  setStreams: (streams: { stream: MediaStream; label: string }[]) => void;
  stop: () => void;
}

function grid(n: number): { cols: number; rows: number } {
  const cols = n <= 1 ? 1 : n <= 4 ? 2 : n <= 9 ? 3 : 4;
  return { cols, rows: Math.ceil(n / cols) };
}

export function createCompositor(initial: { stream: MediaStream; label: string }[]): Compositor {
  const canvas = document.createElement("canvas");
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const g = canvas.getContext("2d")!;
  let tiles: { video: HTMLVideoElement; label: string; stream: MediaStream }[] = [];

  const setStreams = (streams: { stream: MediaStream; label: string }[]) => {
    const keep = tiles.filter((t) => streams.some((s) => s.stream === t.stream));
    for (const t of tiles) if (!keep.includes(t)) t.video.srcObject = null;
    for (const s of streams) {
      if (keep.some((t) => t.stream === s.stream)) continue;
      const video = document.createElement("video");
      video.muted = true;
      video.playsInline = true;
      video.srcObject = s.stream;
      void video.play().catch(() => {});
      keep.push({ video, label: s.label, stream: s.stream });
    }
    tiles = keep;
  };

  const draw = () => {
    g.fillStyle = "#09090b";
    g.fillRect(0, 0, WIDTH, HEIGHT);
    const { cols, rows } = grid(tiles.length);
    const w = WIDTH / cols;
    const h = HEIGHT / rows;
    tiles.forEach((t, i) => {
      const x = (i % cols) * w;
      const y = Math.floor(i / cols) * h;
      const v = t.video;
      if (v.videoWidth && v.videoHeight && t.stream.getVideoTracks().some((tr) => tr.enabled && tr.readyState === "live")) {
        // Cover the tile, cropping the overflow, like the call view does.
        const scale = Math.max(w / v.videoWidth, h / v.videoHeight);
        const sw = w / scale;
        const sh = h / scale;
        g.drawImage(v, (v.videoWidth - sw) / 2, (v.videoHeight - sh) / 2, sw, sh, x + 2, y + 2, w - 4, h - 4);
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
  };

  setStreams(initial);
  // A timer, not requestAnimationFrame: rAF stops in a hidden tab, and the call must keep recording.
  const timer = setInterval(draw, 1000 / FPS);
  draw();
  const stream = canvas.captureStream(FPS);
  return {
    stream,
    setStreams,
    stop: () => {
      clearInterval(timer);
      for (const t of stream.getTracks()) t.stop();
      for (const t of tiles) t.video.srcObject = null;
      tiles = [];
    },
  };
}
