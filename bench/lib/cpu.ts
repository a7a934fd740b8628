// CPU time from /proc (docs/benchmarks.md): on two shared cores a latency is noisy, the CPU a
// process spent on a fixed amount of work is not.
import fs from "node:fs";

const TICK = 100; // clock ticks per second in /proc/<pid>/stat

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) / TICK;
}

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
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
      const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      const parent = f[1];
      const parentIsPostgres = fs.existsSync(`/proc/${parent}/comm`) && fs.readFileSync(`/proc/${parent}/comm`, "utf8").trim() === "postgres";
      total += (Number(f[11]) + Number(f[12]) + (parentIsPostgres ? 0 : Number(f[13]) + Number(f[14]))) / TICK;
      seen = true;
    } catch {
      /* gone meanwhile */
    }
  }
  return seen ? total : null;
}
