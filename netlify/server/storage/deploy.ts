/**
 * Which deploy a request runs in: Netlify gives every function invocation its deploy context
 * (`context.deploy.context`: 'production', 'deploy-preview', 'branch-deploy', ...). The local
 * platform and scripts pass ''. Production is where money and accounts are real, so it refuses every
 * test shortcut (test checkout, the Auth emulator, the local webhook and unsubscribe secrets).
 */
export interface DeployInfo {
  deploy?: { context?: string };
}

/** The context named, or undefined when none was given. */
export const deployContext = (info?: DeployInfo): string | undefined => info?.deploy?.context;

/**
 * Production, or no context at all: code that cannot say where it runs uses production's stores, so
 * it gets production's rules too and fails closed rather than open.
 */
export const isProduction = (info?: DeployInfo) => {
  const context = deployContext(info);
  return context === undefined || context === 'production';
};
