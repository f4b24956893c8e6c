export const adminEndpoints = {};
