//! /system/post/edit/:id: changes a post.
import React from 'react';
import PostForm from './components/PostForm';

const PostEdit: React.FC = () => <PostForm mode="edit" />;

export default PostEdit;
