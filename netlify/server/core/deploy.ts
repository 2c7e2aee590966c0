/**
 * Which deploy a request runs in: Netlify gives every function invocation its deploy context
 * (`context.deploy.context`: 'production', 'deploy-preview', 'branch-deploy', ...). Scripts and the
 * local platform pass none or ''. Production is where money and accounts are real, so it alone
 * refuses every test shortcut (test checkout, the Auth emulator, the local webhook secret).
 */
export interface DeployInfo {
  deploy?: { context?: string };
}

export const deployContext = (info?: DeployInfo) => info?.deploy?.context ?? '';

export const isProduction = (info?: DeployInfo) => deployContext(info) === 'production';
