// The door to the flows that cross domains, one file each, named for the flow; a procedure calls one in a line.
export { addCustomer, changeLeadStatusOrNotes, closeLead, removeLead } from './close-lead.ts';
export { logCallWithFollowUp } from './log-call.ts';
export {
  allMarkedLeads,
  markedCustomerBatches,
  markedCustomers,
  markedLeadBatches,
  markedLeadPage,
  markedLeadRecord,
  myWorkToCall,
} from './lead-views.ts';
export { conversionWithPremium } from './conversion.ts';
export { updateOfficeSettings } from './office-settings.ts';
export { addStaffAccount, listStaffRows, removeStaffAccount, resetStaffFactors, resetStaffPassword, setStaffRoles } from './staff-admin.ts';
export type { AdminActor } from './staff-admin.ts';
export { countStale, walkSealedFields } from './walk-sealed-fields.ts';
export { customerBatchesWithPolicies } from './customer-lists.ts';
export { deleteCustomer } from './delete-customer.ts';
