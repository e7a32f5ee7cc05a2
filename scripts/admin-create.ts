// `npm run admin:create -- EMAIL [--name NAME]` (issue 23, O-01): makes an admin for every site and prints
// a one-time enrolment link (24 hours) at which they set their password and second factor. It opens the
// database exactly as the server does: DATABASE_URL, or the embedded database in DATA_DIR (which one
// process uses at a time: stop the server first, or the command says so and stops).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { DataDirLockedError, lockDataDir } from '../src/server/db/data-lock.ts';
import { createAdmin, enrolUrl } from '../src/server/features/admin/index.ts';
import { ZStaffEmail as ZEmail } from '../src/shared/contract/admin-staff.ts';

const usage = 'Usage: npm run admin:create -- EMAIL [--name NAME]';

export async function adminCreate(argv: string[], env = process.env): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    return 2;
  }
  const email = ZEmail.safeParse(parsed.positionals[0] ?? '');
  if (!email.success || parsed.positionals.length !== 1) {
    console.error(`Give one valid e-mail address.\n${usage}`);
    return 2;
  }
  const name = parsed.values.name?.trim();
  if (name !== undefined && (name.length === 0 || name.length > 80 || /\p{Cc}/u.test(name))) {
    console.error('The name must be 1 to 80 characters without control characters.');
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  let lock: { release(): void } | undefined;
  if (!config.databaseUrl) {
    try {
      lock = await lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(
          `${err.message}\nThe embedded database is used by the running server: stop it, run this command, start it again.`,
        );
        return 1;
      }
      throw err;
    }
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const made = await createAdmin(database.db, { email: email.data, ...(name ? { name } : {}) });
    if (!made.token) {
      console.error(
        `${made.email} already has a staff account (${made.existing}). An admin can reset its second factor in the back office (Staff).`,
      );
      return 1;
    }
    const origin = config.publicUrl ?? `http://localhost:${config.port}`;
    console.log(
      made.existing
        ? `${made.email} had not enrolled yet: a new link replaces the old one.`
        : `Admin ${made.email} created.`,
    );
    console.log(`Enrolment link (valid 24 hours, once):\n  ${enrolUrl(origin, made.token)}`);
    return 0;
  } finally {
    await database.close();
    lock?.release();
  }
}

function parse(argv: string[]) {
  return parseArgs({ args: argv, allowPositionals: true, options: { name: { type: 'string' } } });
}

if (import.meta.main) process.exit(await adminCreate(process.argv.slice(2)));
