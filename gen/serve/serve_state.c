/* serve_state.c: which build folder is served, shared by the server's threads. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "serve.h"

void
serve_state_init(struct serve_state *s)
{
	pthread_mutex_init(&s->lock, NULL);
	pthread_rwlock_init(&s->files, NULL);
	pthread_cond_init(&s->cond, NULL);
	s->site = NULL;
	s->errors = NULL;
	s->seq = 1;
	s->other_gen = s->all_gen = s->css_gen = 0;
	s->pages = NULL;
	s->npages = s->cap = 0;
	s->page_t = (struct htab)HTAB_INIT;
	s->stopping = false;
	s->dead = NULL;
	s->ndead = s->capdead = 0;
}

/* Closes a site no longer read and queues its folder for serve_reap. */
static void
site_free(struct serve_state *s, struct serve_site *site)
{
	if (site == NULL)
		return;
	if (site->dirfd != -1)
		close(site->dirfd);
	pthread_mutex_lock(&s->lock);
	s->dead = xgrow(s->dead, sizeof(*s->dead), s->ndead + 1, &s->capdead);
	s->dead[s->ndead++] = site->path;
	pthread_mutex_unlock(&s->lock);
	free(site);
}

bool
serve_reap(struct serve_state *s)
{
	char *path = NULL;
	bool more;

	pthread_mutex_lock(&s->lock);
	if (s->ndead > 0)
		path = s->dead[--s->ndead];
	more = s->ndead > 0;
	pthread_mutex_unlock(&s->lock);
	if (path != NULL)
		remove_tree(path);
	free(path);
	return more;
}

bool
serve_reap_due(struct serve_state *s)
{
	bool due;

	pthread_mutex_lock(&s->lock);
	due = s->ndead > 0;
	pthread_mutex_unlock(&s->lock);
	return due;
}

void
serve_state_release(struct serve_state *s)
{
	if (s->site != NULL && --s->site->refs == 0)
		site_free(s, s->site);
	s->site = NULL;
	while (serve_reap(s))
		;
	free(s->dead);
	s->dead = NULL;
	free(s->errors);
	s->errors = NULL;
	for (size_t i = 0; i < s->npages; i++)
		free(s->pages[i].key);
	free(s->pages);
	htab_free(&s->page_t);
	pthread_cond_destroy(&s->cond);
	pthread_rwlock_destroy(&s->files);
	pthread_mutex_destroy(&s->lock);
}

struct serve_site *
serve_site_get(struct serve_state *s, char **errors, uint64_t *seq)
{
	struct serve_site *site;

	pthread_mutex_lock(&s->lock);
	site = s->site;
	if (site != NULL)
		site->refs++;
	if (errors != NULL)
		*errors = s->errors ? xstrdup(s->errors) : NULL;
	if (seq != NULL)
		*seq = s->seq;
	pthread_mutex_unlock(&s->lock);
	return site;
}

void
serve_site_put(struct serve_state *s, struct serve_site *site)
{
	bool last;

	if (site == NULL)
		return;
	pthread_mutex_lock(&s->lock);
	last = --site->refs == 0;
	pthread_mutex_unlock(&s->lock);
	if (last)
		site_free(s, site);
}

/* Bumps the generation; the lock is held. */
static void
announce(struct serve_state *s)
{
	s->seq++;
	pthread_cond_broadcast(&s->cond);
}

uint64_t
serve_page_gen(const struct serve_state *s, const char *key)
{
	size_t at = 0, item;

	while (htab_next(&s->page_t, hash_str(key), &at, &item))
		if (strcmp(s->pages[item].key, key) == 0)
			return s->pages[item].gen;
	return 0;
}

/* Marks page or folder key changed by generation gen; the lock is held. */
static void
page_changed(struct serve_state *s, const char *key, uint64_t gen)
{
	size_t at = 0, item;

	while (htab_next(&s->page_t, hash_str(key), &at, &item))
		if (strcmp(s->pages[item].key, key) == 0) {
			s->pages[item].gen = gen;
			return;
		}
	s->pages = xgrow(s->pages, sizeof(*s->pages), s->npages + 1, &s->cap);
	s->pages[s->npages].key = xstrdup(key);
	s->pages[s->npages].gen = gen;
	htab_add(&s->page_t, hash_str(key), s->npages++);
}

void
serve_publish(struct serve_state *s, char *path, const struct serve_change *ch)
{
	struct serve_site *site = NULL, *old = NULL;
	bool all = ch == NULL || ch->all;
	size_t i;

	if (path != NULL) {
		site = xcalloc(1, sizeof(*site));
		site->path = path;
		site->dirfd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		site->refs = 1;
	}
	pthread_mutex_lock(&s->lock);
	if (site != NULL) {
		old = s->site;
		s->site = site;
	}
	if (s->errors != NULL) {
		/* the error page was on every page */
		free(s->errors);
		s->errors = NULL;
		all = true;
	}
	if (all || ch->css || ch->other) {
		announce(s);
		if (all || ch->css)
			s->css_gen = s->seq;
		if (all || ch->other)
			s->other_gen = s->seq;
		if (all)
			s->all_gen = s->seq;
		else if (ch->other)
			for (i = 0; i < ch->n; i++)
				page_changed(s, ch->keys[i], s->seq);
	}
	pthread_mutex_unlock(&s->lock);
	serve_site_put(s, old);
}

void
serve_fail(struct serve_state *s, char *errors_html)
{
	pthread_mutex_lock(&s->lock);
	if (s->errors != NULL && strcmp(s->errors, errors_html) == 0) {
		free(errors_html);
	} else {
		free(s->errors);
		s->errors = errors_html;
		announce(s);
		s->all_gen = s->other_gen = s->seq;
	}
	pthread_mutex_unlock(&s->lock);
}

void
serve_stop(struct serve_state *s)
{
	pthread_mutex_lock(&s->lock);
	s->stopping = true;
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->lock);
}
