/** One POST of an encrypted push; answers the push service's status code. */
export function postPush(endpoint: string, headers: Record<string, string | number>, body: Buffer | null, allowPrivate: boolean): Promise<number>;

/** Encrypts and signs a push (web-push's generateRequestDetails), then POSTs it; answers the status code. */
export function encryptAndPost(push: {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  payload: string;
  options: { headers: Record<string, string>; TTL: number; urgency?: string; topic?: string };
  allowPrivate: boolean;
}): Promise<number>;
