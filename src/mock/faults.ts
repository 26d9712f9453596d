/**
 * How a network fault breaks the exchange (INTERFACE.md section 19): `reset` resets the connection
 * (RST), `empty` closes it with no answer, `malformed` sends the answer's head and a broken chunk,
 * `drip` sends the answer slowly, spread over `ms`.
 */
export type NetworkFault = 'reset' | 'empty' | 'malformed' | 'drip';
export const NETWORK_FAULTS: readonly NetworkFault[] = ['reset', 'empty', 'malformed', 'drip'];

/** A fault set through `POST /__admin/faults`: the next `times` matching requests fail. */
export interface Fault {
  /** Absent: a status fault (the answer is `status`); else how the connection breaks. */
  type?: NetworkFault;
  /** Upper-case method; any when absent. */
  method?: string;
  /** A request path (`/things/1`) or a documented template (`/things/{thingId}`); any when absent. */
  path?: string;
  times: number;
  /** A status fault's answer (absent on a network fault). */
  status?: number;
  delayMs?: number;
  /** `drip`: the time the body takes to arrive. */
  ms?: number;
}

export class FaultList {
  private faults: Fault[] = [];

  add(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  clear(): void {
    this.faults = [];
  }

  /** Takes one use of the first fault matching this request, if any. */
  take(method: string, path: string, template: string | undefined): Fault | undefined {
    if (this.faults.length === 0) return undefined;
    const index = this.faults.findIndex(
      (f) => (!f.method || f.method === method) && (!f.path || f.path === path || f.path === template),
    );
    if (index === -1) return undefined;
    const fault = this.faults[index]!;
    fault.times -= 1;
    if (fault.times <= 0) this.faults.splice(index, 1);
    return fault;
  }
}
