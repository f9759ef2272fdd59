#include "CNumberFormat.h"

#include <stdio.h>

int cloudy_format_fixed(char *buffer, size_t size, int decimals, double value) {
  return snprintf(buffer, size, "%.*f", decimals, value);
}
