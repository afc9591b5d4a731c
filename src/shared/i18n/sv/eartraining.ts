import type { eartraining as en } from '../en/eartraining';
import type { Translation } from '../types';

/** Gehörsträning (/EarTraining): intervallens namn, som en musiker säger dem. */
export const eartraining: Translation<typeof en> = {
  intervals: {
    m2: 'liten sekund',
    M2: 'stor sekund',
    m3: 'liten ters',
    M3: 'stor ters',
    P4: 'ren kvart',
    TT: 'tritonus',
    P5: 'ren kvint',
    m6: 'liten sext',
    M6: 'stor sext',
    m7: 'liten septima',
    M7: 'stor septima',
    P8: 'oktav',
    m9: 'liten nona',
    M9: 'stor nona',
    m10: 'liten decima',
    M10: 'stor decima',
    P11: 'ren undecima',
    A11: 'överstigande undecima',
    P12: 'ren duodecima',
    m13: 'liten tredecima',
    M13: 'stor tredecima',
    m14: 'liten kvartdecima',
    M14: 'stor kvartdecima',
    P15: 'dubbeloktav',
  },
  directions: {
    ascending: 'uppåt',
    descending: 'nedåt',
    harmonic: 'samtidigt (harmoniskt)',
  },
};
