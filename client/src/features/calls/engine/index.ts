// The lazily loaded half of the calls layer (see ../controller): the mesh engine, meetings and the SFU.
export * from "./engine";
export { joinMeeting, receiveCallUpdate, receiveControl, setHandRaised } from "./meeting";
export { receiveSfuOffer, receiveTalking, scheduleLayers } from "./sfu";
