/** Reported to the control plane with each report (the operator sees it per node). */
export const AGENT_VERSION = "0.1.0";
