// Assignment and escalation (docs/product.md §11): the dashboard's fairness and load table, and its period.
import { z } from 'zod';

/** The period of the load table: the last N days up to now. */
export const agentLoadInput = z.object({ days: z.number().int().min(1).max(366) }).strict();
export type AgentLoadInput = z.infer<typeof agentLoadInput>;

/** One agent's row: leads given them, how many they called within the hour, how many escalation took back. */
export interface AgentLoad {
  agent: string;
  assigned: number;
  calledWithinHour: number;
  returned: number;
}
