# A non-browser WebRTC publisher for the server recording tests (aiortc, Debian's python3-aiortc):
# sends a media file's picture and sound (looped, in real time) on one sendonly connection.
# Prints its offer as one JSON line, reads the answer as one JSON line on stdin, prints
# "state <connectionState>" as it changes, and hangs up when stdin closes.
import asyncio
import json
import sys

from aiortc import RTCConfiguration, RTCPeerConnection, RTCSessionDescription
from aiortc.contrib.media import MediaPlayer


async def main(clip: str) -> None:
    pc = RTCPeerConnection(RTCConfiguration(iceServers=[]))
    # One player for both: picture and sound keep the file's common clock.
    player = MediaPlayer(clip, loop=True)
    pc.addTransceiver(player.audio, direction="sendonly")
    pc.addTransceiver(player.video, direction="sendonly")

    @pc.on("connectionstatechange")
    def on_state() -> None:
        print(f"state {pc.connectionState}", flush=True)

    await pc.setLocalDescription(await pc.createOffer())
    print(json.dumps({"type": "offer", "sdp": pc.localDescription.sdp}), flush=True)
    loop = asyncio.get_running_loop()
    line = await loop.run_in_executor(None, sys.stdin.readline)
    answer = json.loads(line)
    await pc.setRemoteDescription(RTCSessionDescription(sdp=answer["sdp"], type="answer"))
    await loop.run_in_executor(None, sys.stdin.read)
    await pc.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
