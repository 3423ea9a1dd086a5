import type { RoleCode } from '@switchboard/contracts';

/** Demo accounts created in demo mode (README lists them). Password: DEMO_PASSWORD. */
export interface DemoUser {
  username: string;
  realname: string;
  role: RoleCode;
  /** Department org codes; the first is the current one at first login unless there are several. */
  departments: string[];
  /** Company the user belongs to (by name), if any. */
  company?: string;
}

export const DEMO_USERS: DemoUser[] = [
  { username: 'admin', realname: 'Ada Admin', role: 'admin', departments: ['A01'] },
  { username: 'sales', realname: 'Sam Sales', role: 'sales', departments: ['A02', 'A03'] },
  {
    username: 'distributor',
    realname: 'Dana Distributor',
    role: 'distributor',
    departments: ['A04'],
    company: 'Northwind Distribution',
  },
  { username: 'agent', realname: 'Alex Agent', role: 'agent', departments: ['A05'], company: 'Acme Agency' },
  {
    username: 'customer',
    realname: 'Chris Customer',
    role: 'customer',
    departments: ['A06'],
    company: 'Direct Retail Ltd',
  },
  {
    username: 'customer2',
    realname: 'Casey Customer',
    role: 'customer',
    departments: ['A07'],
    company: 'Two-Way Logistics',
  },
  {
    username: 'agentcustomer',
    realname: 'Avery Agent-Customer',
    role: 'customer',
    departments: ['A08'],
    company: 'Agency Client Co',
  },
];
