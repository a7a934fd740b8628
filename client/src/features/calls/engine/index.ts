// The lazily loaded half of the calls layer (see ../controller): the mesh engine, meetings and the SFU.
import { setCallRecordHandler } from "./engine";
import { receiveCallUpdate } from "./meeting";

export * from "./engine";
export { joinMeeting, receiveCallUpdate, receiveControl, resumeCall, setHandRaised } from "./meeting";
export { receiveSfuOffer, receiveTalking, scheduleLayers } from "./sfu";

setCallRecordHandler(receiveCallUpdate);
