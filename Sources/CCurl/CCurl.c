#include "CCurl.h"

#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct {
  cloudy_http_result *result;
  size_t limit;
  size_t capacity;
} transfer;

static size_t on_body(char *data, size_t size, size_t count, void *context) {
  transfer *t = context;
  size_t length = size * count;
  if (t->result->body_size + length > t->limit) {
    t->result->over_limit = 1;
    return 0;  // abort: CURLE_WRITE_ERROR
  }
  if (t->result->body_size + length > t->capacity) {
    size_t capacity = t->capacity ? t->capacity : 16384;
    while (capacity < t->result->body_size + length) capacity *= 2;
    unsigned char *grown = realloc(t->result->body, capacity);
    if (!grown) return 0;
    t->result->body = grown;
    t->capacity = capacity;
  }
  memcpy(t->result->body + t->result->body_size, data, length);
  t->result->body_size += length;
  return length;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
  transfer *t = context;
  size_t length = size * count;
  static const char name[] = "content-length:";
  if (length > sizeof name - 1 && strncasecmp(data, name, sizeof name - 1) == 0) {
    unsigned long long declared = strtoull(data + sizeof name - 1, NULL, 10);
    if (declared > t->limit) {
      t->result->over_limit = 1;
      return 0;
    }
  }
  return length;
}

void cloudy_http_get(
  const char *url, long connect_and_idle_ms, long total_ms, size_t limit, const char *accept,
  cloudy_http_result *result) {
  memset(result, 0, sizeof *result);
  static int initialized = 0;
  if (!initialized) {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    initialized = 1;
  }
  CURL *curl = curl_easy_init();
  if (!curl) {
    result->curl_code = CURLE_FAILED_INIT;
    strncpy(result->error, "libcurl could not start", sizeof result->error - 1);
    return;
  }
  transfer t = {result, limit, 0};
  struct curl_slist *headers = NULL;
  char accept_header[128];
  snprintf(accept_header, sizeof accept_header, "Accept: %s", accept);
  headers = curl_slist_append(headers, accept_header);
  curl_easy_setopt(curl, CURLOPT_URL, url);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, connect_and_idle_ms);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, total_ms);
  // A transfer that stalls (under 1 byte/s) for the idle time is timed out as well.
  curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
  curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, (connect_and_idle_ms + 999) / 1000);
  curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &t);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &t);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, result->error);
  CURLcode code = curl_easy_perform(curl);
  result->curl_code = (int)code;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->status);
  char *redirect = NULL;
  if (curl_easy_getinfo(curl, CURLINFO_REDIRECT_URL, &redirect) == CURLE_OK && redirect) {
    result->redirect = strdup(redirect);
  }
  if (code != CURLE_OK && result->error[0] == 0) {
    strncpy(result->error, curl_easy_strerror(code), sizeof result->error - 1);
  }
  curl_slist_free_all(headers);
  curl_easy_cleanup(curl);
}

void cloudy_http_free(cloudy_http_result *result) {
  free(result->body);
  free(result->redirect);
  result->body = NULL;
  result->redirect = NULL;
}
