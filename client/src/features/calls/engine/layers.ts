// Which simulcast layer of each person's video to receive (docs/calls.md):
// the full layer for the pinned person and the active speaker (they get the big tile), and for
// everyone in a grid of at most two; the middle one in a grid up to four; the smallest beyond.
export const LAYER = { small: 0, medium: 1, full: 2 } as const;

export function chooseLayers(userIds: number[], opts: { speakerId: number | null; pinnedId: number | null }): { user_id: number; substream: number }[] {
  const tiles = userIds.length + 1; // and me
  const base = tiles <= 2 ? LAYER.full : tiles <= 4 ? LAYER.medium : LAYER.small;
  return userIds.map((id) => ({
    user_id: id,
    substream: id === opts.pinnedId || id === opts.speakerId ? LAYER.full : base,
  }));
}

/**
 * The publisher's three simulcast encodings, smallest last. Chromium drops the layers a small
 * camera picture cannot fill, so a 320x180 camera sends one.
 */
export const SIMULCAST_ENCODINGS: RTCRtpEncodingParameters[] = [
  { rid: "h", maxBitrate: 900_000 },
  { rid: "m", maxBitrate: 300_000, scaleResolutionDownBy: 2 },
  { rid: "l", maxBitrate: 100_000, scaleResolutionDownBy: 4 },
];
