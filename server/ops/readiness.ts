// GET /api/ready (docs/operations.md, "Monitoring"): whether this node can serve, for load balancers and
// orchestrators. /api/health stays liveness (the process answers); readiness also asks Postgres
// and, when configured, Redis, each within a second, so a probe never hangs on a dependency.
import type { AppContext } from "../context";
import { metrics, type Dependency } from "./metrics";
import { pingDatabase } from "./repository";
import { within } from "../within";

export interface DependencyCheck {
  ok: boolean;
  ms: number;
}

export interface Readiness {
  ready: boolean;
  checks: Partial<Record<Dependency, DependencyCheck>>;
}

const CHECK_TIMEOUT_MS = 1000;

async function timed(check: () => Promise<boolean>): Promise<DependencyCheck> {
  const started = performance.now();
  const ok = await within(check(), CHECK_TIMEOUT_MS, "readiness check").catch(() => false);
  return { ok, ms: Math.round(performance.now() - started) };
}

export async function checkReadiness(ctx: AppContext): Promise<Readiness> {
  const checks: Readiness["checks"] = {};
  const link = ctx.realtime?.link;
  const [postgres, redis] = await Promise.all([
    timed(async () => {
      await pingDatabase(ctx.db);
      return true;
    }),
    ctx.config.redisUrl ? timed(async () => !!link && (await link.ping(CHECK_TIMEOUT_MS))) : null,
  ]);
  checks.postgres = postgres;
  metrics.dependency("postgres", postgres.ok);
  if (redis) {
    checks.redis = redis;
    metrics.dependency("redis", redis.ok);
  }
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}
