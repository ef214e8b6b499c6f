import { EventEmitter } from 'node:events';
import {
  ThreadsPoolWorker,
  type PoolOptions,
  type PoolRunnerInitializer,
  type PoolWorker,
  type WorkerRequest,
} from 'vitest/node';

/**
 * The pool of a mutation run without static mutants (vitest.mutation.config.ts,
 * docs/testing.md): vitest's threads, but a worker thread outlives the run that started it.
 *
 * Stryker runs each mutant as a vitest run of its own. Vitest stops a run's workers when the run
 * ends, so every mutant paid for a new thread, its test environment (a jsdom window: 0.6 s) and
 * its setup files and imports again, about three quarters of a mutant's time for the unit groups.
 * Here a worker that ended its run in order is parked and the next run of the same project and
 * environment takes it: its environment and the packages it imported stay. The project's own
 * modules are evaluated afresh by each run (the mutation runner forgets them first,
 * tests/mutation-runner.ts), so that a value one of them keeps is built under the mutant being
 * tested; within a run its files share them, as with `isolate: false`.
 *
 * Vitest's worker protocol: a worker gets `start` once (its environment is set up), then `run`
 * for each batch of files, then `stop` (torn down). A parked worker's next runner sends `start`
 * again: it is answered here, and each `run` carries the project's current config, since the
 * config the worker got with its `start` is that of the first run (Stryker changes the test name
 * pattern for each mutant).
 */
interface Kept {
  thread: ThreadsPoolWorker;
  started: boolean;
}

const parked = new Map<string, Kept[]>();
const closing = new WeakSet<object>();

class KeptThreadsWorker implements PoolWorker {
  readonly name = 'kept-threads';
  private readonly kept: Kept;
  private readonly answers = new EventEmitter();
  private readonly listeners: [string, (arg: unknown) => void][] = [];
  private stopping = false;

  constructor(
    private readonly options: PoolOptions,
    private readonly key: string,
  ) {
    this.kept = parked.get(key)?.pop() ?? {
      thread: new ThreadsPoolWorker(options),
      started: false,
    };
    const vitest = options.project.vitest;
    if (!closing.has(vitest)) {
      closing.add(vitest);
      vitest.onClose(async () => {
        const all = [...parked.values()].flat();
        parked.clear();
        await Promise.all(all.map(({ thread }) => thread.stop()));
      });
    }
  }

  on(event: string, callback: (arg: unknown) => void) {
    this.listeners.push([event, callback]);
    this.kept.thread.on(event, callback);
    this.answers.on(event, callback);
  }

  off(event: string, callback: (arg: unknown) => void) {
    this.kept.thread.off(event, callback);
    this.answers.off(event, callback);
  }

  send(message: WorkerRequest) {
    if (message.type === 'start' && this.kept.started) {
      this.answer('started');
    } else if (message.type === 'stop') {
      this.stopping = true;
      this.answer('stopped');
    } else if (message.type === 'run' || message.type === 'collect') {
      // The worker runs with its `start` context overlaid by the run's (`{ ...start, ...run }`):
      // a config in the run's context is the one the run uses.
      const context = { ...message.context, config: this.options.project.serializedConfig };
      this.kept.thread.send({ ...message, context } as unknown as WorkerRequest);
    } else {
      if (message.type === 'start') this.kept.started = true;
      this.kept.thread.send(message);
    }
  }

  deserialize(data: unknown) {
    return data;
  }

  async start() {
    if (!this.kept.started) await this.kept.thread.start();
  }

  async stop() {
    for (const [event, callback] of this.listeners.splice(0)) this.kept.thread.off(event, callback);
    // A worker stopped in order is kept; one stopped by force (a failed or cancelled run) ends.
    if (this.stopping && this.kept.started) {
      parked.set(this.key, [...(parked.get(this.key) ?? []), this.kept]);
    } else if (this.kept.started) {
      await this.kept.thread.stop();
    }
  }

  private answer(type: 'started' | 'stopped') {
    queueMicrotask(() => this.answers.emit('message', { type, __vitest_worker_response__: true }));
  }
}

/** Vitest's threads pool whose workers are kept from one run to the next (above). */
export function keptThreads(): PoolRunnerInitializer {
  return {
    name: 'kept-threads',
    createPoolWorker: (options) =>
      new KeptThreadsWorker(
        options,
        `${options.project.name}\0${JSON.stringify(options.environment)}`,
      ),
  };
}
