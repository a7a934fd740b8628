// While a call rings, gather ICE candidates once on a throwaway connection. The browser lists its
// network interfaces on the first gathering in a page, which otherwise delays the callee's own
// candidates (and so the call) by up to a second after accepting. Nothing is sent anywhere.
let warmed = false;

export function warmUpNetwork(): void {
  if (warmed || typeof RTCPeerConnection === "undefined") return;
  warmed = true;
  try {
    const pc = new RTCPeerConnection();
    pc.createDataChannel("warm-up");
    void pc
      .createOffer()
      .then((offer) => pc.setLocalDescription(offer))
      .catch(() => {});
    setTimeout(() => pc.close(), 5000);
  } catch {
    warmed = false;
  }
}
