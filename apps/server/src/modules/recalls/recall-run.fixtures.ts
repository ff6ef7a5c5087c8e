// A recall run in a child process, for the kill -9 test (recalls.pg.test.ts): it prints a line
// for every message it queues, and runs slowly so the parent can kill it part-way through a batch.
// Run: node --import tsx recall-run.fixtures.ts <database url> <clock ISO>
import pino from "pino";
import { openPostgres } from "../../platform/db/client";
import { createOutboxService } from "../outbox";
import { createRecallsService } from "./recalls.service";

const [url, clock] = process.argv.slice(2);
if (url && clock) {
  const database = openPostgres(url, 2);
  const log = pino({ level: "silent" });
  const outbox = createOutboxService({ db: database.db, email: null, sms: null, log });
  const slow: typeof outbox = {
    ...outbox,
    async enqueue(tx, message) {
      const row = await outbox.enqueue(tx, message);
      process.stdout.write("queued\n");
      await new Promise((r) => setTimeout(r, 15));
      return row;
    },
  };
  const service = createRecallsService({ db: database.db, outbox: slow, log, now: () => new Date(clock) });
  service.runDue().then(async (totals) => {
    process.stdout.write(`done ${JSON.stringify(totals)}\n`);
    await database.close();
  });
}
