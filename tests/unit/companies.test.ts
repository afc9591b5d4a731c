import { describe, expect, it } from 'vitest';
import {
  companyNameKey,
  isOrgNumber,
  isPhoneNumber,
  seatsLeft,
} from '../../src/shared/domain/administration/companies';

describe('companies', () => {
  it('compares names trimmed, with one space between words, in lower case of every script', () => {
    expect(companyNameKey('  ÅKE   Musik\tAB ')).toBe('åke musik ab');
    expect(companyNameKey('Åke Musik AB')).toBe(companyNameKey('åke musik ab'));
    // A letter written as base and combining mark equals its composed form.
    expect(companyNameKey('A\u030Ake')).toBe(companyNameKey('\u00C5ke'));
    expect(companyNameKey('Acme')).not.toBe(companyNameKey('Acme AB'));
  });

  it('takes organisation and VAT numbers as countries write them, and refuses what is none', () => {
    for (const value of ['556677-8899', 'SE556677889901', 'GB 123 4567 89', '12.345.678/0001']) {
      expect(isOrgNumber(value), value).toBe(true);
    }
    for (const value of ['12', 'ABC-DEFG', '-5566778899', '5566<script>', '556677 8899!']) {
      expect(isOrgNumber(value), value).toBe(false);
    }
  });

  it('takes telephone numbers with a leading +, spaces, dashes and brackets', () => {
    for (const value of ['+46 8-123 456', '(08) 123 45', '070.123.45.67'])
      expect(isPhoneNumber(value), value).toBe(true);
    for (const value of ['1234', 'call me', '+46 8 12+3', '46;8']) expect(isPhoneNumber(value), value).toBe(false);
  });

  it('counts the seats left, none past full, and no limit as null', () => {
    expect(seatsLeft(5, 2)).toBe(3);
    expect(seatsLeft(2, 3)).toBe(0);
    expect(seatsLeft(null, 100)).toBeNull();
  });
});
