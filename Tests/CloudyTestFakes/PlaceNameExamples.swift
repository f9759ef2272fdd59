// Issue 12's examples: the place each name must save, as people type the names. Shared by the
// gazetteer tests and the cloudy-locations end-to-end tests, so the two check one table.

/// (query, the place people mean: display name, country, latitude, longitude)
package let issueExamples: [(String, String, String, Double, Double)] = [
  ("München", "Munich, Bayern, DE", "DE", 48.1374, 11.5755),
  ("Wien", "Vienna, Wien, AT", "AT", 48.2085, 16.3721),
  ("Roma", "Rome, Lazio, IT", "IT", 41.8919, 12.5113),
  ("Moskva", "Moscow, Moskva, RU", "RU", 55.7520, 37.6178),
  ("Cologne", "Köln, Nordrhein-Westfalen, DE", "DE", 50.9333, 6.95),
  ("Kiev", "Kyiv, Kyiv, UA", "UA", 50.4547, 30.5238),
  ("Lisboa", "Lisbon, Lisboa, PT", "PT", 38.7251, -9.1498),
  ("Praha", "Prague, Praha, Hlavní město, CZ", "CZ", 50.0880, 14.4208),
  ("Den Haag", "The Hague, Zuid-Holland, NL", "NL", 52.0767, 4.2986),
  ("Ciudad de México", "Mexico City, Ciudad de México, MX", "MX", 19.4285, -99.1277),
  ("Bombay", "Mumbai, Mahārāshtra, IN", "IN", 19.0728, 72.8826),
  ("Saigon", "Ho Chi Minh City, Hồ Chí Minh, VN", "VN", 10.8230, 106.6296),
  ("Peking", "Beijing, Beijing Shi, CN", "CN", 39.9075, 116.3972),
  ("NYC", "New York City, New York, US", "US", 40.7143, -74.0060),
  ("Москва", "Moscow, Moskva, RU", "RU", 55.7520, 37.6178),
  ("東京", "Tokyo, Tokyo, JP", "JP", 35.6895, 139.6917),
  ("richmond va", "Richmond, Virginia, US", "US", 37.5538, -77.4603),
  ("paris france", "Paris, Île-de-France, FR", "FR", 48.8534, 2.3488),
  ("portland maine", "Portland, Maine, US", "US", 43.6574, -70.2589),
  ("Washington D.C.", "Washington, District of Columbia, US", "US", 38.8951, -77.0364),
  ("Saint Louis, MO", "St. Louis, Missouri, US", "US", 38.6273, -90.1979),
  ("St Paul, MN", "Saint Paul, Minnesota, US", "US", 44.9444, -93.0933),
]
