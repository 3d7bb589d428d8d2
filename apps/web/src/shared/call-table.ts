/** The contract's call table, split from the start-up bundle (see loadCallTable in request.ts). */
export { api } from '@cbo/contract';
