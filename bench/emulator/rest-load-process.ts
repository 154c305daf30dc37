/**
 * Child process for the REST load (forked by `measureRestLoadInChild`): receives one job over IPC,
 * runs it, sends the result back and exits. Keeps the 50 clients' fetch work off the emulator's event
 * loop, as browsers are in real use.
 */
import { measureRestLoad, type RestLoadJob, type RestLoadReply } from './rest-load';

process.once('message', (job: RestLoadJob) => {
  void measureRestLoad(job.target, job.users, job.options)
    .then(
      (result): RestLoadReply => ({ ok: true, result }),
      (error: unknown): RestLoadReply => ({ ok: false, error: String(error) }),
    )
    .then((reply) => {
      process.send?.(reply, () => process.exit(0));
    });
});
