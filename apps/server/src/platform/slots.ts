// A slot lets a lower module ask for something only a higher module knows, without importing it
// (docs/ARCHITECTURE.md, "Module map": no cycle between modules). The lower module declares the slot
// and its type in its index.ts; the higher module fills it when its routes are registered; the lower
// one reads it at call time, when every module has registered. One set of slots per app, so two
// apps built in one process (tests) never see each other's.

export interface Slot<T> {
  readonly name: string;
  /** Filled once per app by the module that knows the answer. */
  provide(slots: Slots, value: T): void;
  /** Read at call time; a missing provider is a wiring bug of the composition root. */
  get(slots: Slots): T;
}

export type Slots = Map<string, unknown>;

export function createSlots(): Slots {
  return new Map();
}

export function defineSlot<T>(name: string): Slot<T> {
  return {
    name,
    provide(slots, value) {
      if (slots.has(name)) throw new Error(`slot ${name} is already provided`);
      slots.set(name, value);
    },
    get(slots) {
      if (!slots.has(name)) throw new Error(`slot ${name} has no provider: is its module registered?`);
      return slots.get(name) as T;
    },
  };
}
