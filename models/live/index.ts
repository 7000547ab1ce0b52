// The door to the lead change counter that open consoles poll to know when to read again.
export { noteLeadChange, onLeadChange, readChangeCount } from './counter.ts';
