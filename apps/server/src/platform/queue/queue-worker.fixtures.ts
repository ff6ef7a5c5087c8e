// A server process's queue, alone in a child process, for queue.pg.test.ts: it runs a half-second
// schedule for a while and prints each slot it ran, so the parent can check two processes never
// ran one slot twice.
// Run: node --import tsx queue-worker.fixtures.ts <database url> <seconds to run>
import { openPostgres } from "../db/client";
import { createQueue } from "./queue";

const [url, seconds] = process.argv.slice(2);
if (url && seconds) {
  const database = openPostgres(url, 2);
  const queue = createQueue({ database, log: { info() {}, warn() {}, error() {} }, pollSeconds: 0.05 });
  queue.every(
    "test.process-slot",
    0.5,
    async (task) => {
      process.stdout.write(`slot ${task.runAt.toISOString()}\n`);
      await new Promise((r) => setTimeout(r, 20));
    },
    { firstAfterSeconds: 0 },
  );
  queue.start();
  setTimeout(async () => {
    await queue.stop();
    await database.close();
  }, Number(seconds) * 1000);
}
