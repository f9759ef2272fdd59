#ifndef CLOUDY_CNUMBERFORMAT_H
#define CLOUDY_CNUMBERFORMAT_H

#include <stddef.h>

/// snprintf(buffer, size, "%.*f", decimals, value): the C library's own rounding, called
/// directly. Swift can only reach printf through a CVarArg va_list, whose boxing and casts
/// cost more than the formatting itself (a third of `cloudy-locations list` at 1,000 places).
int cloudy_format_fixed(char *buffer, size_t size, int decimals, double value);

#endif
