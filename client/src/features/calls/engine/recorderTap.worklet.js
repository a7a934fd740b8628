// The call recorder's ear on the sound mix (docs/calls.md, "Recording"): runs on the browser's audio
// thread, which nothing on the page can hold up, and passes every block of the mix, with its place
// on the audio clock (the frame number), to the recorder's worker. Reading the mix's track from the
// page instead lost sound whenever the page was busy, and its timestamps did not show what was lost.
// Plain JavaScript: it is loaded as it is by AudioWorklet.addModule.
/* global AudioWorkletProcessor, currentFrame, registerProcessor */
const BATCH = 512;

class RecorderTap extends AudioWorkletProcessor {
  constructor(options) {
    super();
    this.channels = options.channelCount || 2;
    this.port.onmessage = (e) => {
      this.out = e.data;
    };
    this.fresh(0);
  }

  fresh(start) {
    this.start = start;
    this.filled = 0;
    this.data = new Float32Array(BATCH * this.channels);
  }

  process(inputs) {
    const input = inputs[0] || [];
    const frames = input[0] ? input[0].length : 128;
    if (this.filled === 0) this.start = currentFrame;
    for (let c = 0; c < this.channels; c++) {
      const src = input[Math.min(c, input.length - 1)];
      if (src) this.data.set(src.subarray(0, Math.min(frames, BATCH - this.filled)), c * BATCH + this.filled);
    }
    this.filled += frames;
    if (this.filled >= BATCH) {
      if (this.out) this.out.postMessage({ frame: this.start, frames: this.filled, data: this.data }, [this.data.buffer]);
      this.fresh(currentFrame + frames);
    }
    return true;
  }
}

registerProcessor("recorder-tap", RecorderTap);
