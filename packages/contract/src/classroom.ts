export const classroomEndpoints = {};
