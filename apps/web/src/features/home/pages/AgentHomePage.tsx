import HomePage from './HomePage';

/**
 * The agent's (and distributor's) dashboard: the home page, whose figures are of the companies
 * below the reseller, with its commission balance (the server answers by role: `/home/totals`).
 */
export default function AgentHomePage() {
  return (
    <div data-testid="agent-home">
      <HomePage />
    </div>
  );
}
