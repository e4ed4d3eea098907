import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_ON_SECOND_SIGNAL, installStopSignals, type StopSignals } from '../../src/cli/stop-signals.ts';
import { createLogger } from '../../src/log.ts';

/** A stand-in for `process`: signals are emitted by the test, exit codes recorded instead of exiting. */
function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  const proc = {
    on: (event: string, fn: (...args: unknown[]) => void) => emitter.on(event, fn),
    off: (event: string, fn: (...args: unknown[]) => void) => emitter.off(event, fn),
    exit: (code?: number) => void exits.push(code ?? 0),
  } as unknown as Pick<NodeJS.Process, 'on' | 'off' | 'exit'>;
  return { proc, emitter, exits };
}

function capturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger({ level: 'warn', pretty: false, destination }), lines };
}

let installed: StopSignals[] = [];
afterEach(() => {
  for (const s of installed) s.dispose();
  installed = [];
});

describe('installStopSignals', () => {
  it('first signal asks to stop once; a second exits with 130', () => {
    const { proc, emitter, exits } = fakeProcess();
    const { log, lines } = capturedLog();
    let firsts = 0;
    const signals = installStopSignals({ log, message: 'stopping after the page in hand', onFirst: () => (firsts += 1), proc });
    installed.push(signals);

    expect(signals.requested()).toBe(false);
    emitter.emit('SIGTERM', 'SIGTERM');
    expect(signals.requested()).toBe(true);
    expect(firsts).toBe(1);
    expect(exits).toEqual([]);
    expect(lines.at(-1)).toMatchObject({ signal: 'SIGTERM', msg: 'stopping after the page in hand' });

    emitter.emit('SIGINT', 'SIGINT');
    expect(exits).toEqual([EXIT_ON_SECOND_SIGNAL]);
    expect(EXIT_ON_SECOND_SIGNAL).toBe(130);
    expect(firsts).toBe(1);
    expect(lines.at(-1)).toMatchObject({ signal: 'SIGINT' });
    expect(String(lines.at(-1)?.msg)).toContain('second signal');
  });

  it('allows one owner at a time, and a new one after dispose', () => {
    const { proc, emitter } = fakeProcess();
    const { log } = capturedLog();
    const first = installStopSignals({ log, message: 'm', proc });
    installed.push(first);
    expect(emitter.listenerCount('SIGINT')).toBe(1);
    expect(emitter.listenerCount('SIGTERM')).toBe(1);
    expect(() => installStopSignals({ log, message: 'm', proc })).toThrow(/already have an owner/);

    first.dispose();
    expect(emitter.listenerCount('SIGINT')).toBe(0);
    expect(emitter.listenerCount('SIGTERM')).toBe(0);
    const second = installStopSignals({ log, message: 'm', proc });
    installed.push(second);
    first.dispose(); // a late second dispose of the old owner must not release the new one
    expect(() => installStopSignals({ log, message: 'm', proc })).toThrow(/already have an owner/);
    expect(emitter.listenerCount('SIGTERM')).toBe(1);
  });
});
