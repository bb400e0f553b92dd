"""A club of boxes: every finished play published to an MQTT broker from a durable outbox, every
box merging what the others played, one list of people and a league across them (docs/club.md).

Imported only when ``[club] name`` is set (``companion.app.start_club``): an ordinary start loads
neither this package nor paho-mqtt nor openskill. Nothing here edits the store: plays join the
history through its public import (``Store.import_documents``, verified first as ``companion
import`` verifies them); what the club knows besides (where each play came from, conflicting
copies, renames) is kept in the club's own files under ``<data dir>/club/``.
"""
