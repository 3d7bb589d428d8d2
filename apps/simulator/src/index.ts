/** The simulator's public surface (filled by the fleet work: docs/protocol.md). */
export {};
