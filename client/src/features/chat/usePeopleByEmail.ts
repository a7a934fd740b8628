import { useMemo } from "react";
import type { PublicUser } from "@shared/entities";
import { useUsers } from "../users/api";

/** Everyone, by lower-cased e-mail: channels name their people by address. */
export function usePeopleByEmail(): ReadonlyMap<string, PublicUser> {
  const users = useUsers();
  return useMemo(() => new Map((users.data ?? []).map((u) => [u.email.toLowerCase(), u])), [users.data]);
}
