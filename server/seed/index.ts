import { sql } from "kysely";
import type { AppContext } from "../context";
import { hashPassword } from "../auth/passwords";
import { seedDemo } from "./demo";

/**
 * First start: the demo organisation (embedded mode, or SEED_DEMO=1) and/or the first admin
 * from ADMIN_EMAIL/ADMIN_PASSWORD. Runs under an advisory lock so two nodes starting together
 * seed once.
 */
export async function seed(ctx: AppContext): Promise<void> {
  const { config, db, log } = ctx;
  const printed: string[] = [];
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(727001)`.execute(trx);
    const { count } = await trx.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    if (config.adminEmail && config.adminPassword) {
      const email = config.adminEmail.toLowerCase();
      const exists = await trx.selectFrom("users").select("id").where((eb) => eb(eb.fn("lower", ["email"]), "=", email)).executeTakeFirst();
      if (!exists) {
        await trx
          .insertInto("users")
          .values({ email, full_name: "Administrator", role: "admin", team_role: "admin", password_hash: await hashPassword(config.adminPassword) })
          .execute();
        log.info({ email }, "created the first admin");
      }
    }
    if (!config.seedDemo || Number(count) > 0) return;

    const started = performance.now();
    const demo = await seedDemo(ctx, trx);
    printed.push(...demo.people);
    log.info({ ms: Math.round(performance.now() - started) }, "created the demo organisation");
  });
  if (printed.length && config.logLevel !== "silent") {
    console.log(`\nDemo organisation created. Sign in with any of:\n${printed.join("\n")}\n`);
  }
}
