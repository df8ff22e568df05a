/**
 * Child process for the durability test: opens the stack on a data dir and inserts rows one
 * transaction at a time, printing `committed <id>` only after each insert resolved. Bounded:
 * stops by itself after `limit` rows. The parent kills it with SIGKILL mid-stream.
 */
import { startStack } from '../../../../supabase/local/index.ts';

const [projectDir, dataDir, limitText] = process.argv.slice(2);
if (!projectDir || !dataDir) throw new Error('usage: insert-stream.ts <projectDir> <dataDir> [limit]');
const limit = Number(limitText ?? 5000);

const stack = await startStack({ projectDir, dataDir, port: 0 });
process.stdout.write('ready\n');
for (let id = 1; id <= limit; id++) {
  await stack.db.query('insert into stream_items (id, payload) values ($1, $2)', [id, `row ${id}`]);
  process.stdout.write(`committed ${id}\n`);
}
await stack.stop();
process.stdout.write('done\n');
