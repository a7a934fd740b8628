import { request } from "./http";
import type { Invitation } from "./types";

export function createInvitation(email: string, message: string): Promise<Invitation> {
  return request<Invitation>("/invitations", { method: "POST", body: { email, message } });
}
