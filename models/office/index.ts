// The door to the office: its settings, and the agents' licences and Away switch that assignment reads.
export { getOfficeSettings, recentOfficeSettings, saveOfficeSettings } from './settings.ts';
export {
  agentsForAssignment,
  availabilityOf,
  eligibleFor,
  giveBackTurn,
  readAvailability,
  setOwnAway,
  setStaffAvailability,
  takeTurn,
} from './availability.ts';
export type { AgentForAssignment } from './availability.ts';
