import { createBrowserRouter } from 'react-router';
import { Footer } from './shell/footer';

// The shell helper replaces this with the public routes, the guarded shell and each area's routes.
export const router = createBrowserRouter([{ path: '*', element: <Footer /> }]);
