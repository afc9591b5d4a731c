import { lazy } from 'react';
import { useLocation } from 'react-router';

const BookingPage = lazy(() => import('./Booking/BookingPage'));
const SchedulePage = lazy(() => import('./Schedule/SchedulePage'));

/**
 * /book-a-coaching-session and /adminschedule behind one entry of the route table: the first page's JavaScript is at
 * its budget, and each lazy page the entry names costs it bytes. Each page is still a chunk of its own, loaded here.
 */
export default function CoachingPage() {
  return useLocation().pathname.toLowerCase().startsWith('/adminschedule') ? <SchedulePage /> : <BookingPage />;
}
