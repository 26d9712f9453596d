/** How often a process started by npm looks whether npm's shell is still its parent. */
const PARENT_CHECK_MS = 250;

/**
 * On the first SIGTERM or SIGINT: say what happens, wait until start-up has given `stop` (nothing
 * to stop when it failed or only printed help), run it, exit with the status it gives.
 *
 * Started by npm (`npm start`, `npx petstore-kit ...`: npm sets `npm_lifecycle_event`), the parent
 * is `sh -c '<command>'`. npm passes a SIGTERM to that shell only; Debian's dash does not exec
 * the command and dies without passing it on, which left this process listening with nobody to
 * stop it and its reports unwritten (docs/decisions/053-stopping-through-npm.md). So, under npm,
 * losing the parent counts as a SIGTERM too.
 */
export function stopOnSignal(doing: string, ready: Promise<(() => Promise<number>) | undefined>): void {
  const stopper = ready.catch(() => undefined); // a failed start-up is reported by main()
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n${signal}: ${doing}\n`);
    void stopper.then((stop) => (stop ? stop() : Promise.resolve(process.exitCode ?? 0))).then((status) => process.exit(status));
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  if (process.env.npm_lifecycle_event !== undefined) whenParentExits(() => onSignal('npm stopped (its shell exited)'));
}

/** Calls `then` once the parent process has gone (the process is re-parented); never keeps the process alive. */
function whenParentExits(then: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    then();
  }, PARENT_CHECK_MS);
  timer.unref();
}
