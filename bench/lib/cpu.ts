// CPU time from /proc (docs/benchmarks.md): on two shared cores a latency is noisy, the CPU a
// process spent on a fixed amount of work is not.
import fs from "node:fs";

const TICK = 100; // clock ticks per second in /proc/<pid>/stat

/** The fields of /proc/<pid>/stat after the command's name: [0] state, [1] parent, [11..14] utime, stime, cutime, cstime. */
const stat = (pid: number | string): string[] => fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
  const f = stat(pid);
  return (Number(f[11]) + Number(f[12])) / TICK;
}

const isPostgres = (pid: number | string): boolean => {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres";
  } catch {
    return false; // gone meanwhile
  }
};

/**
 * CPU seconds used so far by every process of the PostgreSQL server on this machine (postmaster,
 * backends, WAL writer, checkpointer), or null when none is visible (a database elsewhere, PGlite).
 * A backend that exited took its time with it into its parent's count of children reaped
 * (cutime, cstime), so the postmaster's is added: the sum only grows.
 */
export function postgresCpuSeconds(): number | null {
  let total = 0;
  let seen = false;
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid) || !isPostgres(pid)) continue;
    try {
      const f = stat(pid);
      total += (Number(f[11]) + Number(f[12]) + (isPostgres(f[1]) ? 0 : Number(f[13]) + Number(f[14]))) / TICK;
      seen = true;
    } catch {
      /* gone meanwhile */
    }
  }
  return seen ? total : null;
}
