import deployments from '../deployments.json';

/**
 * One entry per deployment batch (spec 1 §1). The batch is chosen by the page's host name;
 * the nine production keys in deployments.json are example host names to be replaced by the
 * real ones, and any host not listed runs with the `development` entry (same-origin API).
 */
export interface Deployment {
  apiBaseUrl: string;
  mediaBaseUrl: string;
  stripePublishableKey: string;
  searchIndex: string;
}

const table: Record<string, Deployment> = deployments;

export function deploymentFor(hostname: string): Deployment {
  return table[hostname.toLowerCase()] ?? table.development;
}

export const deployment: Deployment = deploymentFor(typeof window === 'undefined' ? '' : window.location.hostname);

/** The API base without a trailing slash, e.g. "/api" or "https://api.example.com/api". */
export const apiUrl = deployment.apiBaseUrl.replace(/\/$/, '');
