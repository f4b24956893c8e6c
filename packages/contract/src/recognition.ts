export const recognitionEndpoints = {};
