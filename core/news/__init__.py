"""News streams: duplicate detection by many criteria and a support vector machine (issue 18).

The method of Andreev, Berezkin, Kozlov and Simakov (ALGORITHMS.md §6; seed paper 002): a
pair of news items gives a vector of distances over several criteria (text, title, sentences,
paragraphs, numbers, images, links, time, source authority); an SVM trained on expert-labelled
pairs decides. Modules: ``items`` (reading items from JSON Lines, feeds and saved pages),
``criteria`` (the distances), ``classify`` (the SVM, its model file), ``stream`` (candidates
within a time window, relations, clusters).
"""

from copylens.core.news.classify import DEFAULT_MODEL as NEWS_MODEL
from copylens.core.news.classify import load_model as load_news_model
from copylens.core.news.classify import save_model as save_news_model
from copylens.core.news.items import NewsItem
from copylens.core.news.items import read_items as read_news
from copylens.core.news.persist import dedup_stream as news_dedup_stream
from copylens.core.news.stream import dedup as news_dedup
from copylens.core.news.training import read_pairs as read_news_pairs
from copylens.core.news.training import train_and_evaluate as news_train

__all__ = [
    "NEWS_MODEL",
    "NewsItem",
    "load_news_model",
    "news_dedup",
    "news_dedup_stream",
    "news_train",
    "read_news",
    "read_news_pairs",
    "save_news_model",
]
