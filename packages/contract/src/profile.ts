export const profileEndpoints = {};
